export * from './port';
export { createMemoryBroker, type MemoryBrokerOptions } from './memory';
