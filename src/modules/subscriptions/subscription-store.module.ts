import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CertificateExpiry } from './certificate-expiry.js';
import { MatchingLeases } from './matching-leases.js';
import { SubscriptionReader } from './subscription-reader.js';
import { SubscriptionEntity } from './subscription.entity.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';
import { SubscriptionCredentials } from './subscription-credentials.js';
import { SubscriptionSecrets } from './subscription-secrets.js';
import { sealedStore } from '../../platform/crypto/sealed-stores.js';

/**
 * The subscriptions table, without the REST resource: the one reader (matching, delivery, alerts,
 * delivery log, operations), the one writer (also the key ring's sealed store of signing secrets
 * and endpoint credentials) and their sealing, for modules that must not start the API's parts.
 */
@Module({
  imports: [TypeOrmModule.forFeature([SubscriptionEntity])],
  providers: [
    SubscriptionReader,
    ...sealedStore(SubscriptionsRepository),
    SubscriptionSecrets,
    SubscriptionCredentials,
    CertificateExpiry,
    MatchingLeases,
  ],
  exports: [SubscriptionReader, SubscriptionsRepository, SubscriptionSecrets, SubscriptionCredentials, MatchingLeases],
})
export class SubscriptionStoreModule {}
