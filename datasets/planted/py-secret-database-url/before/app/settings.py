import os

DEBUG = os.environ.get("DEBUG") == "1"
DATABASE_URL = os.environ.get("DATABASE_URL", "sqlite:///dev.db")
