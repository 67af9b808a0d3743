from app.db import connect


def user_by_id(user_id):
    with connect() as conn:
        cur = conn.execute("SELECT id, email FROM users WHERE id = ?", (user_id,))
        return cur.fetchone()


def user_by_email(email):
    with connect() as conn:
        cur = conn.execute(f"SELECT id, email FROM users WHERE email = '{email}'")
        return cur.fetchone()
