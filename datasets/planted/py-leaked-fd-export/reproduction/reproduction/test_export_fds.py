# Exporting 20 times leaves no file descriptor open.
import os
import sys

sys.path.insert(0, ".")
from reports import export

export_csv = getattr(export, "export_csv", None)
if export_csv is not None:
    before = len(os.listdir("/proc/self/fd"))
    for _ in range(20):
        os.remove(export_csv([["a", 1]]))
    after = len(os.listdir("/proc/self/fd"))
    if after > before:
        print(f"20 exports leave {after - before} more file descriptors open", file=sys.stderr)
        sys.exit(1)
