import { Injectable } from '@nestjs/common';
import { gauge } from '../../platform/telemetry/metrics.js';
import { OTHER_SUBSCRIPTIONS, subscriptionSeries } from '../../platform/telemetry/subscription-series.js';
import { expiresSoon } from './endpoint-settings.js';
import { SubscriptionReader } from './subscription-reader.js';

/** How long one reading of the certificates serves scrapes: expiries move in days, not seconds. */
const READING_TTL_MS = 60_000;

/**
 * Client certificates near expiry, as metrics: each subscription's certificate expiry (the
 * subscriptions without series of their own under `_other`, with the earliest of theirs), and how
 * many expire within CERTIFICATE_WARNING_DAYS or already have. Read from the table at scrape time,
 * at most once a minute.
 */
@Injectable()
export class CertificateExpiry {
  private reading?: { at: number; certificates: Promise<{ id: string; notAfter: Date }[]> };

  constructor(private readonly subscriptions: SubscriptionReader) {
    subscriptionSeries.track(
      gauge(
        'hookline_mtls_certificate_expiry_timestamp_seconds',
        "When a subscription's client certificate expires (Unix seconds)",
        ['subscription_id'],
        async (g) => {
          g.reset();
          const earliest = new Map<string, number>();
          for (const { id, notAfter } of await this.certificates()) {
            const label = subscriptionSeries.label(id);
            const at = notAfter.getTime() / 1000;
            earliest.set(label, Math.min(at, earliest.get(label) ?? Infinity));
          }
          for (const [label, at] of earliest) g.set({ subscription_id: label }, at);
          if (!earliest.has(OTHER_SUBSCRIPTIONS)) g.remove({ subscription_id: OTHER_SUBSCRIPTIONS });
        },
      ),
    );
    gauge(
      'hookline_mtls_certificates_expiring',
      'Client certificates that expire within 30 days (CERTIFICATE_WARNING_DAYS), or already have',
      [],
      async (g) =>
        g.set((await this.certificates()).filter((c) => expiresSoon({ not_after: c.notAfter.toISOString() })).length),
    );
  }

  private certificates(): Promise<{ id: string; notAfter: Date }[]> {
    const now = Date.now();
    if (!this.reading || now - this.reading.at > READING_TTL_MS) {
      const certificates = this.subscriptions.clientCertificateExpiries().catch(() => []);
      this.reading = { at: now, certificates };
    }
    return this.reading.certificates;
  }
}
