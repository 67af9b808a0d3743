import shutil


def archive(folder, target):
    return shutil.make_archive(target, "gztar", folder)
