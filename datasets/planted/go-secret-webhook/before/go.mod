module example.com/hooks

go 1.22
