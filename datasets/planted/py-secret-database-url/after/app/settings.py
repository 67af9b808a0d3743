import os

DEBUG = os.environ.get("DEBUG") == "1"
DATABASE_URL = os.environ.get(
    "DATABASE_URL",
    "postgresql://shop:Vq7pLx2mNc9RtY4w@db.internal:5432/shop",
)
