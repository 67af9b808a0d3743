# A project name with shell syntax in it runs nothing: it is a name, not a command.
import os
import sys

sys.path.insert(0, ".")
from backup import archive

archive_project = getattr(archive, "archive_project", None)
if archive_project is not None:
    try:
        archive_project("x; echo injected > injected.txt; echo ")
    except Exception:
        pass
    if os.path.exists("injected.txt"):
        print("the project name ran as a shell command: injected.txt was written", file=sys.stderr)
        sys.exit(1)
