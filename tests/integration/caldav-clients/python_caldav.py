"""Drives Debian's python3-caldav (the `caldav` library) against Tandem's CalDAV server.

Reads one JSON command per line on stdin and answers one JSON line on stdout, so a test keeps
one process (one discovery, one HTTP session) across its steps and checks the app in between.
Started by tests/integration/caldav-clients.test.ts with the server's address and an app password.
"""

import json
import sys

import caldav

url, username, password = sys.argv[1:4]
client = caldav.DAVClient(url=url, username=username, password=password)
calendars = {}
collections = {}


def calendar(name):
    return calendars[name]


def todo_fields(todo):
    component = todo.icalendar_instance.walk("VTODO")[0]
    return {
        "url": str(todo.url),
        "uid": str(component.get("uid")),
        "summary": str(component.get("summary", "")),
        "status": str(component.get("status", "")),
        "description": str(component.get("description", "")),
        "data": todo.data,
    }


def run(command):
    kind = command["do"]
    if kind == "discover":
        principal = client.principal()
        found = principal.calendars()
        for found_calendar in found:
            calendars[found_calendar.get_display_name()] = found_calendar
        return {
            "calendars": [
                {
                    "name": found_calendar.get_display_name(),
                    "url": str(found_calendar.url),
                    "components": found_calendar.get_supported_components(),
                }
                for found_calendar in found
            ]
        }
    if kind == "create":
        todo = calendar(command["calendar"]).save_todo(ical=command["ical"], no_overwrite=True)
        return {"url": str(todo.url)}
    if kind == "todos":
        todos = calendar(command["calendar"]).todos(include_completed=command.get("completed", True))
        return {"todos": sorted((todo_fields(todo) for todo in todos), key=lambda todo: todo["summary"])}
    if kind == "edit":
        todo = calendar(command["calendar"]).todo_by_uid(command["uid"])
        todo.icalendar_instance.walk("VTODO")[0]["summary"] = command["summary"]
        todo.save()
        return {"url": str(todo.url)}
    if kind == "complete":
        todo = calendar(command["calendar"]).todo_by_uid(command["uid"])
        todo.complete()
        return {}
    if kind == "delete":
        calendar(command["calendar"]).todo_by_uid(command["uid"]).delete()
        return {}
    if kind == "sync":
        name = command["calendar"]
        if name not in collections:
            collections[name] = calendar(name).objects(load_objects=True)
            changed, deleted = list(collections[name]), []
        else:
            changed, deleted = collections[name].sync()
        return {
            "token": collections[name].sync_token,
            "changed": sorted(todo_fields(todo)["summary"] for todo in changed),
            "deleted": sorted(str(todo.url) for todo in deleted),
        }
    if kind == "put-if-match":
        # A write with the ETag the client last saw: a stale one must be refused (412), not applied.
        response = client.put(command["url"], command["ical"], {"If-Match": command["etag"], "Content-Type": "text/calendar"})
        return {"status": response.status, "etag": response.headers.get("etag")}
    if kind == "get":
        response = client.request(command["url"])
        return {"status": response.status, "etag": response.headers.get("etag"), "data": response.raw.decode() if isinstance(response.raw, bytes) else response.raw}
    raise ValueError(f"unknown command {kind}")


for line in sys.stdin:
    # On stderr, which the test shows when a step fails.
    print(f"command: {line.strip()[:100]}", file=sys.stderr, flush=True)
    try:
        answer = {"ok": True, **run(json.loads(line))}
    except Exception as error:  # the test reads the failure, the process stays for the next step
        answer = {"ok": False, "error": f"{type(error).__name__}: {error}"}
    print(json.dumps(answer), flush=True)
