class ViewCounter:
    def __init__(self):
        self.count = 0

    def record(self):
        self.count += 1
