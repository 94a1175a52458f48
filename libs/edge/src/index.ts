export * from './client-hop';
export * from './client-limits';
export * from './proxy-peers';
export * from './trusted-proxies';
