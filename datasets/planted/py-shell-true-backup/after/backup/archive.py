import shutil
import subprocess


def archive(folder, target):
    return shutil.make_archive(target, "gztar", folder)


def archive_project(project):
    """Archive one project's folder, named by the request."""
    subprocess.run(f"tar -czf /backups/{project}.tar.gz projects/{project}", shell=True, check=True)
    return f"/backups/{project}.tar.gz"
