from app.users import user_by_email


def test_unknown_email_finds_nobody(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    import sqlite3
    sqlite3.connect("app.db").execute("CREATE TABLE users (id INTEGER, email TEXT)")
    assert user_by_email("nobody@example.com") is None
