import DNS from 'dns2';

const { Packet } = DNS;
const RCODE_SERVFAIL = 2;
const RCODE_NXDOMAIN = 3;
const MAX_CHARACTER_STRING = 255;
// Nothing is cached by the resolver under test, so a record changed mid-test is seen at once.
const TTL_SECONDS = 0;

/** TXT records by lower-cased name; each record is its list of character-strings. */
export type TxtZone = Map<string, string[][]>;
/** CNAME targets by lower-cased name (a tenant's tracking domain pointing at the platform). */
export type CnameZone = Map<string, string>;
/** MX records by lower-cased name: the exchanges, preference 10 each. */
export type MxZone = Map<string, string[]>;

export function zoneName(name: string): string {
  return name.toLowerCase().replace(/\.$/, '');
}

/** A plain string is one record, split into 255-octet strings; a string[] record is taken as given. */
export function toRecords(values: string[] | string[][]): string[][] {
  const records = values.map((value) => (typeof value === 'string' ? splitIntoStrings(value) : value));
  for (const chunk of records.flat()) {
    if (Buffer.byteLength(chunk) > MAX_CHARACTER_STRING)
      throw new Error(`TXT character-string longer than 255 octets: ${chunk.slice(0, 40)}…`);
  }
  return records;
}

function splitIntoStrings(value: string): string[] {
  return value.match(/[^]{1,255}/g) ?? [''];
}

export function serverFailure(request: DNS.Packet): DNS.Packet {
  const response = Packet.createResponseFromRequest(request);
  response.header.rcode = RCODE_SERVFAIL;
  return response;
}

/**
 * Answers the first question: TXT and MX (or ANY) records, a CNAME (to any type but TXT), NODATA for other types or
 * empty non-terminals, else NXDOMAIN.
 */
export function answerFromZone(request: DNS.Packet, zone: TxtZone, cnames: CnameZone = new Map(), mx: MxZone = new Map()): DNS.Packet {
  const response = Packet.createResponseFromRequest(request);
  response.header.aa = 1;
  const question = request.questions[0];
  if (!question) return response;
  const name = zoneName(question.name);
  const target = cnames.get(name);
  if (target !== undefined) {
    if (question.type !== Packet.TYPE.TXT) {
      const alias = { name: question.name, type: Packet.TYPE.CNAME, class: Packet.CLASS.IN, ttl: TTL_SECONDS, domain: target };
      response.answers.push(alias as DNS.Packet.Resource);
    }
    return response;
  }
  const records = zone.get(name);
  const exchanges = mx.get(name);
  if (!records && !exchanges) {
    const isAncestor = [...zone.keys(), ...cnames.keys(), ...mx.keys()].some((known) => known.endsWith(`.${name}`));
    if (!isAncestor) response.header.rcode = RCODE_NXDOMAIN;
    return response;
  }
  if (exchanges && (question.type === Packet.TYPE.MX || question.type === Packet.TYPE.ANY)) {
    for (const exchange of exchanges) {
      response.answers.push({
        name: question.name,
        type: Packet.TYPE.MX,
        class: Packet.CLASS.IN,
        ttl: TTL_SECONDS,
        exchange,
        priority: 10,
      } as DNS.Packet.Resource);
    }
  }
  if (!records) return response;
  if (question.type === Packet.TYPE.TXT || question.type === Packet.TYPE.ANY) {
    for (const data of records) {
      response.answers.push({
        name: question.name,
        type: Packet.TYPE.TXT,
        class: Packet.CLASS.IN,
        ttl: TTL_SECONDS,
        data,
      } as DNS.Packet.Resource);
    }
  }
  return response;
}
