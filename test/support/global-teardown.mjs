// Deletes the topics this run's suites created (each suite uses its own `t<run><id>.webhooks.*` and
// `.events`), so that repeated local runs do not pile up partitions on the development broker. Only this
// run's: another run on the same broker (a second checkout, a parallel job) keeps its topics.

// The service's client factory (global setup has required dist/), as every Kafka client of the
// project is made; it also brings the fix of kafkajs's request queue, without which this admin's
// connection re-arms a negative timer and Node prints TimeoutNegativeWarning at every run's end.
const factory = new URL('../../dist/src/platform/kafka/kafka-client.js', import.meta.url);
const appConfig = new URL('../../dist/src/platform/config/app-config.js', import.meta.url);

export default async function globalTeardown() {
  const { createKafkaClient } = await import(factory.href);
  const { AppConfig } = await import(appConfig.href);
  const config = AppConfig.fromEnv({ KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? '127.0.0.1:9092' });
  const admin = createKafkaClient(config, { clientId: 'hookline-test-teardown' }).admin();
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
