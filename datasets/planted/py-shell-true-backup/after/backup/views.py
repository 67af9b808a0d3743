from backup.archive import archive_project


def backup_view(request):
    return {"archive": archive_project(request.args["project"])}
