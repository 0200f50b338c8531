export * from '../../src/devtools/https-receiver.js';
