module example.com/cache

go 1.22
