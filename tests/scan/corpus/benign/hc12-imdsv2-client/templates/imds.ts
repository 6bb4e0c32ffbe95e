// Minimal IMDSv2 client for non-secret instance metadata (runs on EC2 only).
const BASE = 'http://169.254.169.254/latest';
const ALLOWED = new Set(['placement/region', 'placement/availability-zone', 'instance-id']);

async function token(timeoutMs = 1000): Promise<string> {
  const r = await fetch(`${BASE}/api/token`, {
    method: 'PUT',
    headers: { 'X-aws-ec2-metadata-token-ttl-seconds': '21600' },
    signal: AbortSignal.timeout(timeoutMs),
  });
  return r.text();
}

export async function metadata(path: string, timeoutMs = 1000): Promise<string> {
  if (!ALLOWED.has(path)) throw new Error(`metadata path not allowed: ${path}`);
  const r = await fetch(`${BASE}/meta-data/${path}`, {
    headers: { 'X-aws-ec2-metadata-token': await token(timeoutMs) },
    signal: AbortSignal.timeout(timeoutMs),
  });
  return r.text();
}

export async function region(): Promise<string> {
  try { return await metadata('placement/region'); } catch { return process.env.AWS_REGION ?? 'us-east-1'; }
}
