# An e-mail that is SQL finds nobody: it is compared as text.
import sqlite3
import sys

sys.path.insert(0, ".")
from app import users

user_by_email = getattr(users, "user_by_email", None)
if user_by_email is not None:
    with sqlite3.connect("app.db") as conn:
        conn.execute("CREATE TABLE users (id INTEGER, email TEXT)")
        conn.execute("INSERT INTO users VALUES (1, 'admin@example.com')")
    found = user_by_email("x' OR '1'='1")
    if found is not None:
        print(f"the e-mail x' OR '1'='1 found {found}: it ran as SQL", file=sys.stderr)
        sys.exit(1)
