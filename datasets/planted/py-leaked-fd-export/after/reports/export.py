import csv
import io
import tempfile


def to_csv(rows):
    out = io.StringIO()
    csv.writer(out).writerows(rows)
    return out.getvalue()


def export_csv(rows):
    """Write the rows to a new temporary CSV file and return its path."""
    fd, path = tempfile.mkstemp(suffix=".csv")
    with open(path, "w", newline="") as f:
        f.write(to_csv(rows))
    return path
