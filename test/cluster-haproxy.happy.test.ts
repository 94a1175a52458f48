import { readFileSync } from 'node:fs';
import { clusterHaproxyConfig, HAPROXY_CFG } from '../platform/cluster/haproxy';
import { balancedServers, type ReplicaPlan } from '../platform/cluster/replicas';

// The file compose mounts, run by the local cluster with a server line per replica instead of Docker's DNS.
describe("the cluster's HAProxy configuration", () => {
  const source = readFileSync(HAPROXY_CFG, 'utf8');
  const plans: ReplicaPlan[] = [
    { role: 'gateway', index: 1, ports: { OPS_PORT: 9001, PORT: 4001 } },
    { role: 'gateway', index: 2, ports: { OPS_PORT: 9002, PORT: 4002 } },
    { role: 'mail', index: 1, ports: { OPS_PORT: 9003, BOUNCE_PORT: 5001, INBOUND_PORT: 5002 } },
    { role: 'dashboard', index: 1, ports: { PORT: 6001 } },
    { role: 'submission', index: 1, ports: { OPS_PORT: 9004, SMTP_SUBMISSION_PORT: 7001, SMTPS_SUBMISSION_PORT: 7002 } },
  ];

  it('when written for the replicas, then each template becomes one server per replica on its port, with its checks on that replica', () => {
    const config = clusterHaproxyConfig(source, balancedServers(plans));
    expect(config).not.toMatch(/^\s*server-template/m);
    const servers = config
      .split('\n')
      .filter((line) => /^\s*server /.test(line))
      .map((line) => line.trim());
    expect(servers).toEqual([
      'server gateway1 127.0.0.1:4001 check',
      'server gateway2 127.0.0.1:4002 check',
      // The admin frontend reaches the gateways' API port (no ADMIN_PORT in the cluster), checked there too.
      'server gateway1 127.0.0.1:4001 check port 4001',
      'server gateway2 127.0.0.1:4002 check port 4002',
      'server dashboard1 127.0.0.1:6001 check',
      'server mail1 127.0.0.1:5001 check',
      // The inbound MX listener as submission: checked on mail's ops listener, told each sending MTA's address.
      'server mail1 127.0.0.1:5002 check port 9003 send-proxy',
      // Submission is checked on its ops listener, and told each client's address with a PROXY header.
      'server submission1 127.0.0.1:7001 check port 9004 send-proxy',
      'server submission1 127.0.0.1:7002 check port 9004 send-proxy',
    ]);
  });

  it('when the file balances a service the cluster does not run, then writing it fails naming the service', () => {
    const withoutMail = plans.filter((p) => p.role !== 'mail');
    expect(() => clusterHaproxyConfig(source, balancedServers(withoutMail))).toThrow(/balances over "mail:2525"/);
  });
});
