# The mean of 1, 2 and 3 is 2: the first reading counts too.
import sys

sys.path.insert(0, ".")
from sensors import readings

average = getattr(readings, "average", None)
if average is not None and average([1, 2, 3]) != 2:
    print("average([1, 2, 3]) is", average([1, 2, 3]), file=sys.stderr)
    sys.exit(1)
