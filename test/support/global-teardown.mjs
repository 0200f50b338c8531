// Deletes the topics the suites created (each suite uses its own `<id>.webhooks.*` and `<id>.events`),
// so that repeated local runs do not pile up thousands of partitions on the development broker.
import { Kafka, logLevel } from 'kafkajs';

const TEST_TOPIC = /^[a-z]+[0-9a-f]{10}\.(webhooks\..+|events)$/;

export default async function globalTeardown() {
  const kafka = new Kafka({
    clientId: 'hookline-test-teardown',
    brokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
    logLevel: logLevel.NOTHING,
  });
  const admin = kafka.admin();
  try {
    await admin.connect();
    const topics = (await admin.listTopics()).filter((t) => TEST_TOPIC.test(t));
    for (let i = 0; i < topics.length; i += 100) await admin.deleteTopics({ topics: topics.slice(i, i + 100) });
  } catch (error) {
    console.warn(`test teardown: could not delete test topics: ${error.message}`);
  } finally {
    await admin.disconnect();
  }
}
