"""Cloud Functions written with Google's firebase-functions SDK, unchanged from how they would be
deployed; functions-framework serves them on loopback for test_triggers.py. Each appends what it
received to the JSON Lines file named by EVENTS_FILE."""
import json
import os

from firebase_functions import firestore_fn


def _record(event, before, after):
    line = {
        "id": event.id,
        "type": event.type,
        "source": event.source,
        "subject": event.subject,
        "project": event.project,
        "database": event.database,
        "namespace": event.namespace,
        "location": event.location,
        "document": event.document,
        "params": event.params,
        "before": before.to_dict() if before is not None else None,
        "after": after.to_dict() if after is not None else None,
        "auth": [getattr(event, "auth_type", None), getattr(event, "auth_id", None)],
    }
    with open(os.environ["EVENTS_FILE"], "a") as out:
        out.write(json.dumps(line, default=str, sort_keys=True) + "\n")


@firestore_fn.on_document_written(document="users/{userId}")
def on_user_written(event):
    _record(event, event.data.before, event.data.after)


@firestore_fn.on_document_updated_with_auth_context(document="orders/{orderId}/items/{itemId}")
def on_item_updated(event):
    _record(event, event.data.before, event.data.after)
