import { describe, expect, it } from 'vitest';
import { addressProblem, checkUrl, isHostAllowed, parseIPv6, SsrfRefusedError, type HostResolver } from './ssrf-guard.ts';

describe('addressProblem', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.255.1.2', 'a loopback address'],
    ['10.1.2.3', 'a private address'],
    ['172.16.0.1', 'a private address'],
    ['172.31.255.255', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['169.254.10.10', 'a link-local address'],
    ['169.254.169.254', 'the cloud metadata address'],
    ['100.64.0.1', 'a shared (CGNAT) address'],
    ['100.127.255.254', 'a shared (CGNAT) address'],
    ['0.0.0.0', 'an unspecified address'],
    ['224.0.0.1', 'a multicast address'],
    ['255.255.255.255', 'the broadcast address'],
    ['::', 'an unspecified address'],
    ['::1', 'a loopback address'],
    ['0:0:0:0:0:0:0:1', 'a loopback address'],
    ['fc00::1', 'a private (unique local) address'],
    ['fd12:3456::1', 'a private (unique local) address'],
    ['fe80::1', 'a link-local address'],
    ['fe80::1%eth0', 'a link-local address'],
    ['ff02::1', 'a multicast address'],
    ['::ffff:127.0.0.1', 'a loopback address (127.0.0.1 inside an IPv6 address)'],
    ['::ffff:7f00:1', 'a loopback address (127.0.0.1 inside an IPv6 address)'],
    ['::ffff:169.254.169.254', 'the cloud metadata address (169.254.169.254 inside an IPv6 address)'],
    ['64:ff9b::10.0.0.1', 'a private address (10.0.0.1 inside an IPv6 address)'],
    ['2002:a00:1::', 'a private address (10.0.0.1 inside an IPv6 address)'],
    ['not-an-ip', 'not an IP address'],
  ])('refuses %s as %s', (ip, reason) => {
    expect(addressProblem(ip)).toBe(reason);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2a00:1450:4001::200e'])(
    'allows the public address %s',
    (ip) => {
      expect(addressProblem(ip)).toBeNull();
    },
  );

  it.each([
    ['::ffff:10.0.0.1', 'a private address (10.0.0.1 inside an IPv6 address)'],
    ['::FFFF:192.168.1.1', 'a private address (192.168.1.1 inside an IPv6 address)'],
    ['0:0:0:0:0:ffff:7f00:1', 'a loopback address (127.0.0.1 inside an IPv6 address)'],
    // IPv4-translated (SIIT, ::ffff:0:0:0/96) carries an IPv4 address too.
    ['::ffff:0:127.0.0.1', 'a loopback address (127.0.0.1 inside an IPv6 address)'],
    ['::ffff:0:a9fe:a9fe', 'the cloud metadata address (169.254.169.254 inside an IPv6 address)'],
    ['64:ff9b::7f00:1', 'a loopback address (127.0.0.1 inside an IPv6 address)'],
    ['2002:c0a8:101::1', 'a private address (192.168.1.1 inside an IPv6 address)'],
    // IPv4-compatible (::/96, deprecated) names the address it carries, and is refused even when that one is public.
    ['::127.0.0.1', 'a loopback address (127.0.0.1 inside an IPv6 address)'],
    ['::8.8.8.8', 'a reserved (IPv4-compatible) address'],
  ])('judges the IPv6 form %s by the IPv4 address it carries: %s', (ip, reason) => {
    expect(addressProblem(ip)).toBe(reason);
  });

  it.each(['::ffff:0:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'])('allows %s, which carries a public IPv4 address', (ip) => {
    expect(addressProblem(ip)).toBeNull();
  });

  it('parses IPv6 forms to the same number', () => {
    expect(parseIPv6('::ffff:1.2.3.4')).toBe(parseIPv6('0:0:0:0:0:ffff:102:304'));
    expect(parseIPv6('1::')).toBe(1n << 112n);
  });
});

describe('isHostAllowed', () => {
  it('matches a host, host:port, an IP and a bracketed IPv6 with port', () => {
    expect(isHostAllowed('localhost', '8080', ['localhost'])).toBe(true);
    expect(isHostAllowed('LOCALHOST', '8080', [' LocalHost '])).toBe(true);
    expect(isHostAllowed('127.0.0.1', '8080', ['127.0.0.1:8080'])).toBe(true);
    expect(isHostAllowed('127.0.0.1', '9090', ['127.0.0.1:8080'])).toBe(false);
    expect(isHostAllowed('::1', '80', ['0:0:0:0:0:0:0:1'])).toBe(true);
    expect(isHostAllowed('::1', '8080', ['[::1]:8080'])).toBe(true);
    expect(isHostAllowed('::1', '8081', ['[::1]:8080'])).toBe(false);
    expect(isHostAllowed('api.internal', '443', ['other.internal', 'api.internal:443'])).toBe(true);
  });

  it('treats an IPv4-mapped IPv6 address as the IPv4 address it carries, in both directions', () => {
    expect(isHostAllowed('::ffff:7f00:1', '8080', ['127.0.0.1'])).toBe(true);
    expect(isHostAllowed('::ffff:127.0.0.1', '8080', ['127.0.0.1:8080'])).toBe(true);
    expect(isHostAllowed('127.0.0.1', '8080', ['[::ffff:127.0.0.1]:8080'])).toBe(true);
    expect(isHostAllowed('::ffff:7f00:1', '8081', ['127.0.0.1:8080'])).toBe(false);
    expect(isHostAllowed('::ffff:a00:1', '80', ['127.0.0.1'])).toBe(false);
    // NAT64 and 6to4 go through a gateway: another destination, not the same host.
    expect(isHostAllowed('64:ff9b::7f00:1', '80', ['127.0.0.1'])).toBe(false);
  });
});

describe('checkUrl', () => {
  const refusal = async (url: string, allowed: string[] = [], resolve?: HostResolver) => {
    try {
      await checkUrl(new URL(url), allowed, { resolve });
      return null;
    } catch (error) {
      if (error instanceof SsrfRefusedError) return error.message;
      throw error;
    }
  };

  it('refuses private, loopback and link-local literals with a clear message', async () => {
    expect(await refusal('http://127.0.0.1:8080/x')).toBe('Refused: 127.0.0.1 is a loopback address (allow it with TOOL_ALLOWED_HOSTS)');
    expect(await refusal('http://10.0.0.8/x')).toBe('Refused: 10.0.0.8 is a private address (allow it with TOOL_ALLOWED_HOSTS)');
    expect(await refusal('http://169.254.169.254/latest/meta-data/')).toBe(
      'Refused: 169.254.169.254 is the cloud metadata address (allow it with TOOL_ALLOWED_HOSTS)',
    );
    expect(await refusal('http://[::1]:3000/')).toMatch(/^Refused: ::1 is a loopback address/);
    expect(await refusal('http://[::ffff:127.0.0.1]/')).toMatch(/^Refused: ::ffff:7f00:1 is a loopback address/);
    expect(await refusal('http://0.0.0.0:80/')).toMatch(/^Refused: 0.0.0.0 is an unspecified address/);
    // Other spellings of loopback that the URL parser normalises.
    expect(await refusal('http://2130706433/')).toMatch(/^Refused: 127.0.0.1 is a loopback/);
    expect(await refusal('http://0x7f.1/')).toMatch(/^Refused: 127.0.0.1 is a loopback/);
  });

  it('refuses other schemes', async () => {
    expect(await refusal('ftp://example.com/file')).toBe('Refused: only http and https URLs can be called, not ftp');
    expect(await refusal('file:///etc/passwd')).toMatch(/not file$/);
  });

  it('refuses a host name that resolves to loopback (localhost, or any name)', async () => {
    expect(await refusal('http://localhost:1234/')).toMatch(/^Refused: localhost resolves to (127\.0\.0\.1|::1), a loopback address/);
    const resolve: HostResolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.9.8.7', family: 4 },
    ];
    expect(await refusal('https://mixed.example.test/', [], resolve)).toBe(
      'Refused: mixed.example.test resolves to 10.9.8.7, a private address (allow it with TOOL_ALLOWED_HOSTS)',
    );
  });

  it('refuses IPv4-mapped URLs and names that resolve to them, unless the IPv4 address is allowed', async () => {
    expect(await refusal('http://[::ffff:127.0.0.1]:8080/')).toBe(
      'Refused: ::ffff:7f00:1 is a loopback address (127.0.0.1 inside an IPv6 address) (allow it with TOOL_ALLOWED_HOSTS)',
    );
    expect(await refusal('http://[::ffff:7f00:1]/')).toMatch(/^Refused: ::ffff:7f00:1 is a loopback address/);
    expect(await refusal('http://[::ffff:10.0.0.1]/')).toBe(
      'Refused: ::ffff:a00:1 is a private address (10.0.0.1 inside an IPv6 address) (allow it with TOOL_ALLOWED_HOSTS)',
    );
    expect(await refusal('http://[::ffff:0:127.0.0.1]/')).toMatch(/^Refused: ::ffff:0:7f00:1 is a loopback address/);
    const mapped: HostResolver = async () => [{ address: '::ffff:10.0.0.1', family: 6 }];
    expect(await refusal('https://mapped.example.test/', [], mapped)).toBe(
      'Refused: mapped.example.test resolves to ::ffff:10.0.0.1, a private address (10.0.0.1 inside an IPv6 address) (allow it with TOOL_ALLOWED_HOSTS)',
    );
    // TOOL_ALLOWED_HOSTS still works: the IPv4 entry lets its mapped spelling through, and only that address.
    expect(await refusal('http://[::ffff:127.0.0.1]:8080/', ['127.0.0.1:8080'])).toBeNull();
    expect(await refusal('https://mapped.example.test/', ['10.0.0.1'], mapped)).toBeNull();
    expect(await refusal('http://[::ffff:127.0.0.2]:8080/', ['127.0.0.1:8080'])).toMatch(/^Refused/);
  });

  it('lets allowed hosts through, by name, address or port', async () => {
    expect(await refusal('http://localhost:1234/', ['localhost'])).toBeNull();
    expect(await refusal('http://127.0.0.1:1234/', ['127.0.0.1'])).toBeNull();
    expect(await refusal('http://127.0.0.1:1234/', ['127.0.0.1:1234'])).toBeNull();
    expect(await refusal('http://127.0.0.1:1235/', ['127.0.0.1:1234'])).toMatch(/^Refused/);
    expect(await refusal('http://[::1]:1234/', ['[::1]:1234'])).toBeNull();
    const resolve: HostResolver = async () => [{ address: '10.0.0.5', family: 4 }];
    expect(await refusal('https://api.internal/', ['api.internal'], resolve)).toBeNull();
    expect(await refusal('https://api.internal/', ['10.0.0.5:443'], resolve)).toBeNull();
    expect(await refusal('https://api.internal:8443/', ['10.0.0.5:443'], resolve)).toMatch(/^Refused/);
  });

  it('answers the checked addresses of a public host', async () => {
    const resolve: HostResolver = async () => [{ address: '93.184.216.34', family: 4 }];
    const target = await checkUrl(new URL('https://Example.test./x'), [], { resolve });
    expect(target).toMatchObject({ hostname: 'example.test', port: '443', addresses: [{ address: '93.184.216.34', family: 4 }] });
  });

  it('fails (not refuses) a host that does not resolve', async () => {
    const resolve: HostResolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    await expect(checkUrl(new URL('https://nowhere.test/'), [], { resolve })).rejects.toThrow('Could not resolve nowhere.test (ENOTFOUND)');
  });
});
