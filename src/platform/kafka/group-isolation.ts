import { AssignerProtocol, type Admin } from 'kafkajs';
import { isKafkaAccessError } from './kafka-failure.js';
import { withProtocolRetries } from './kafka.service.js';

/** A consumer group, and the topics this deployment reads with it. */
export interface GroupUse {
  group: string;
  topics: string[];
}

/**
 * The groups that already hold members reading topics this deployment does not read with them:
 * another deployment (another KAFKA_TOPIC_PREFIX) configured with the same group names. Joining
 * would let its members take our partitions, and ours take its, and neither would consume them.
 */
export async function foreignGroupMembers(admin: Admin, uses: GroupUse[]): Promise<string[]> {
  if (uses.length === 0) return [];
  const groups = [];
  // One group at a time, so that a group this principal may not describe is named (error.group).
  for (const { group } of uses) groups.push(...(await describeGroup(admin, group)));
  const problems: string[] = [];
  for (const described of groups) {
    const ours = new Set(uses.find((u) => u.group === described.groupId)?.topics ?? []);
    const foreign = new Set<string>();
    for (const member of described.members) {
      const metadata = safeDecode(member.memberMetadata);
      metadata?.topics.filter((t) => !ours.has(t)).forEach((t) => foreign.add(t));
    }
    if (foreign.size > 0)
      problems.push(`consumer group ${described.groupId} has members reading ${[...foreign].join(', ')}`);
  }
  return problems;
}

async function describeGroup(admin: Admin, group: string) {
  try {
    // A broker that just started has no group coordinator for a few seconds: ask again before giving up.
    const { groups } = await withProtocolRetries(
      () => admin.describeGroups([group]),
      8,
      (error) => (error as Error).name?.startsWith('KafkaJS') === true && !isKafkaAccessError(error),
    );
    return groups;
  } catch (error) {
    throw Object.assign(error as Error, { group });
  }
}

function safeDecode(buffer: Buffer): { topics: string[] } | undefined {
  try {
    return buffer.length > 0 ? (AssignerProtocol.MemberMetadata.decode(buffer) ?? undefined) : undefined;
  } catch {
    return undefined;
  }
}
