"""Produces Hookline envelopes with Confluent's own Python serialisers (confluent-kafka), as a
producer following docs/guides/publishing-events.md would: Avro with TopicNameStrategy and TopicRecordNameStrategy,
JSON Schema with RecordNameStrategy. Prints the event ids it produced as one JSON object."""
import argparse
import datetime
import decimal
import json
import uuid

from confluent_kafka import Producer
from confluent_kafka.schema_registry import (
    SchemaRegistryClient,
    record_subject_name_strategy,
    topic_record_subject_name_strategy,
    topic_subject_name_strategy,
)
from confluent_kafka.schema_registry.avro import AvroSerializer
from confluent_kafka.schema_registry.json_schema import JSONSerializer
from confluent_kafka.serialization import MessageField, SerializationContext


def avro_envelope(name, namespace):
    return json.dumps({
        "type": "record", "name": name, "namespace": namespace,
        "fields": [
            {"name": "id", "type": "string"},
            {"name": "type", "type": "string"},
            {"name": "created_at", "type": {"type": "long", "logicalType": "timestamp-millis"}},
            {"name": "data", "type": {
                "type": "record", "name": name + "Data",
                "fields": [
                    {"name": "amount", "type": {"type": "bytes", "logicalType": "decimal", "precision": 9, "scale": 2}},
                    {"name": "ledger_id", "type": "long"},
                    {"name": "paid_on", "type": {"type": "int", "logicalType": "date"}},
                    {"name": "ref", "type": {"type": "string", "logicalType": "uuid"}},
                    {"name": "note", "type": ["null", "string"], "default": None},
                ],
            }},
        ],
    })


JSON_ENVELOPE = json.dumps({
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "hookline.python.Transfer",
    "type": "object",
    "required": ["id", "type", "created_at", "data"],
    "properties": {
        "id": {"type": "string"},
        "type": {"type": "string"},
        "created_at": {"type": "string", "format": "date-time"},
        "data": {"type": "object", "properties": {"ledger_id": {"type": "integer"}}},
    },
})


def main():
    args = argparse.ArgumentParser()
    for name in ("bootstrap", "registry", "topic", "tenant", "namespace"):
        args.add_argument("--" + name, required=True)
    a = args.parse_args()
    registry = SchemaRegistryClient({"url": a.registry})
    producer = Producer({"bootstrap.servers": a.bootstrap})
    created = datetime.datetime(2026, 11, 23, 2, 25, 43, 123000, tzinfo=datetime.timezone.utc)
    ids = {}

    def send(key, serializer, value):
        ids[key] = value["id"]
        payload = serializer(value, SerializationContext(a.topic, MessageField.VALUE))
        producer.produce(a.topic, value=payload, headers=[("tenant-id", a.tenant.encode())])

    def avro_value(event_type):
        return {
            "id": "evt_py_" + uuid.uuid4().hex,
            "type": event_type,
            "created_at": created,
            "data": {
                "amount": decimal.Decimal("42.17"),
                "ledger_id": 2**53 + 1,
                "paid_on": datetime.date(2026, 11, 23),
                "ref": uuid.UUID("0b8d5a4c-7f3e-4a7b-9d2c-1e6f5a4b3c2d"),
                "note": "from python",
            },
        }

    topic_name = AvroSerializer(registry, avro_envelope("PaymentEnvelope", a.namespace),
                                conf={"subject.name.strategy": topic_subject_name_strategy})
    send("avro_topic_name", topic_name, avro_value("payment.succeeded"))
    topic_record = AvroSerializer(registry, avro_envelope("RefundEnvelope", a.namespace),
                                  conf={"subject.name.strategy": topic_record_subject_name_strategy})
    send("avro_topic_record_name", topic_record, avro_value("payment.refunded"))
    record_name = JSONSerializer(JSON_ENVELOPE, registry,
                                 conf={"subject.name.strategy": record_subject_name_strategy})
    send("json_record_name", record_name, {
        "id": "evt_py_" + uuid.uuid4().hex,
        "type": "transfer.settled",
        "created_at": "2026-11-23T02:25:43.123Z",
        "data": {"ledger_id": 2**63 - 1, "negative": -(2**64) - 1},
    })
    if producer.flush(30) != 0:
        raise SystemExit("not every record was acknowledged")
    print(json.dumps(ids))


if __name__ == "__main__":
    main()
