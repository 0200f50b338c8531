// Placeholder replaced by the OpenTelemetry setup (issue 7); imported first by main.ts.
export {};
