from reports.export import export_csv


def test_export_writes_the_rows():
    with open(export_csv([["a", 1]])) as f:
        assert f.read().strip() == "a,1"
