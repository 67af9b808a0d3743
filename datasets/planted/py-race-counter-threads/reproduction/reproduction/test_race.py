# 200 views recorded on 8 threads are 200 views, even when reading the count per page takes a moment
# (a dict whose `get` yields the thread, as any real work between the read and the write would).
import sys
import time

sys.path.insert(0, ".")
from stats import views


class SlowDict(dict):
    def get(self, key, default=None):
        value = super().get(key, default)
        time.sleep(0.001)
        return value


record_all = getattr(views, "record_all", None)
if record_all is not None:
    counter = views.ViewCounter()
    counter.by_page = SlowDict()
    record_all(counter, ["/"] * 200, workers=8)
    if counter.by_page["/"] != 200:
        print(f"200 views on 8 threads counted as {counter.by_page['/']}", file=sys.stderr)
        sys.exit(1)
