from concurrent.futures import ThreadPoolExecutor


class ViewCounter:
    def __init__(self):
        self.count = 0
        self.by_page = {}

    def record(self, page="/"):
        self.count += 1
        self.by_page[page] = self.by_page.get(page, 0) + 1


def record_all(counter, pages, workers=8):
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for page in pages:
            pool.submit(counter.record, page)
    return counter
