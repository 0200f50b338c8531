// Deletes the topics this run's suites created (each suite uses its own `t<run><id>.webhooks.*` and
// `.events`), so that repeated local runs do not pile up partitions on the development broker. Only this
// run's: another run on the same broker (a second checkout, a parallel job) keeps its topics.
import { Kafka, logLevel } from 'kafkajs';

// The service's fix for kafkajs's request queue (global setup has required dist/): without it this
// admin's connection re-arms a negative timer and Node prints TimeoutNegativeWarning at the end of
// every run.
const requestQueueFix = new URL('../../dist/src/platform/kafka/kafkajs-request-queue.js', import.meta.url);

export default async function globalTeardown() {
  await import(requestQueueFix.href);
  const kafka = new Kafka({
    clientId: 'hookline-test-teardown',
    brokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
    logLevel: logLevel.NOTHING,
  });
  const admin = kafka.admin();
  try {
    await admin.connect();
    const run = process.env.HOOKLINE_TEST_RUN;
    if (!run) return;
    const ours = new RegExp(`^t${run}[0-9a-f]{6}\\.(webhooks\\..+|events)$`);
    const topics = (await admin.listTopics()).filter((t) => ours.test(t));
    for (let i = 0; i < topics.length; i += 100) await admin.deleteTopics({ topics: topics.slice(i, i + 100) });
  } catch (error) {
    console.warn(`test teardown: could not delete test topics: ${error.message}`);
  } finally {
    await admin.disconnect();
  }
}
