// Graph reads shared by Facebook and Instagram profiles: followers_count, and the pages a token manages.
import { classifyGraph } from './meta-graph.ts';
import { apiUrl, followerCount, obj, type AccountApi, type FollowerContext, type FollowerRead, type ProfileToRead } from './network.ts';

export async function graphFollowers({ http, urls }: FollowerContext, p: ProfileToRead): Promise<FollowerRead> {
  const u = apiUrl(urls.graph, `/${encodeURIComponent(p.external_id)}`);
  u.searchParams.set('fields', 'followers_count');
  const r = await http.json({ url: u, headers: { authorization: `Bearer ${p.token}` }, classify: classifyGraph });
  return followerCount(r, (b) => obj(b).followers_count);
}

/** The Facebook pages a token manages, each with its page token and its Instagram business account. */
export async function graphPages(api: AccountApi, token: string): Promise<Record<string, unknown>[]> {
  const fields = 'id,name,access_token,link,picture{url},fan_count,instagram_business_account{id,username,name,profile_picture_url,followers_count}';
  const res = await api.get('graph', `/me/accounts?fields=${encodeURIComponent(fields)}&limit=100`, token);
  return Array.isArray(res.data) ? res.data.map(obj) : [];
}
