import type { OpenAPIObject } from '@nestjs/swagger';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface LinkSource {
  path: string;
  method: string;
  status: string;
  /** Runtime expression of the created resource's id. */
  id: string;
  /** Operations (path, method) taking that id as their path parameter `param`. */
  targets: [path: string, method: string][];
  param: string;
}

const SUBSCRIPTION_TARGETS: [string, string][] = [
  ['/webhooks/{id}', 'get'],
  ['/webhooks/{id}', 'patch'],
  ['/webhooks/{id}', 'delete'],
  ['/webhooks/{id}/enable', 'post'],
  ['/webhooks/{id}/disable', 'post'],
  ['/webhooks/{id}/secret-rotations', 'post'],
  ['/webhooks/{id}/deliveries', 'get'],
  ['/webhooks/{id}/delivery-stats', 'get'],
  ['/webhooks/{id}/circuit', 'get'],
  ['/webhooks/{id}/recoveries', 'post'],
];

const OPERATION_TARGETS: [string, string][] = [
  ['/operations/{id}', 'get'],
  ['/operations/{id}', 'delete'],
  ['/operations/{id}/result', 'get'],
  ['/operations/{id}/retry', 'post'],
  ['/operations/{id}/cancellation', 'post'],
  ['/reports/{id}', 'get'],
];

/** Where each resource is created and which operations then act on it. */
const SOURCES: LinkSource[] = [
  {
    path: '/webhooks',
    method: 'post',
    status: '201',
    id: '$response.body#/id',
    targets: SUBSCRIPTION_TARGETS,
    param: 'id',
  },
  ...['/webhooks/{id}/recoveries', '/dead-letters/redrives'].map((path) => ({
    path,
    method: 'post',
    status: '202',
    id: '$response.body#/id',
    targets: OPERATION_TARGETS.filter(([p]) => !p.startsWith('/reports')),
    param: 'id',
  })),
  {
    path: '/reports',
    method: 'post',
    status: '202',
    id: '$response.body#/id',
    targets: OPERATION_TARGETS,
    param: 'id',
  },
];

const linkName = (path: string, method: string) =>
  `${method}${path.replace(/\{[^}]+\}/g, 'Id').replace(/[^A-Za-z]+(.)?/g, (_, c?: string) => (c ?? '').toUpperCase())}`;

/**
 * OpenAPI links from the operations that create a subscription or an operation to those that use
 * it, so clients (and stateful contract testing) can follow the API from one answer to the next.
 */
export function addLinks(document: OpenAPIObject): void {
  const paths = document.paths as Json;
  for (const source of SOURCES) {
    const response = paths[source.path]?.[source.method]?.responses?.[source.status];
    if (!response) throw new Error(`OpenAPI links: no ${source.status} of ${source.method} ${source.path}`);
    response.links ??= {};
    for (const [path, method] of source.targets) {
      const operationId = paths[path]?.[method]?.operationId;
      if (!operationId) throw new Error(`OpenAPI links: no operation ${method} ${path}`);
      response.links[linkName(path, method)] = { operationId, parameters: { [source.param]: source.id } };
    }
  }
}
