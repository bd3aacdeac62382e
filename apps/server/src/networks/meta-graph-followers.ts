// A Facebook page's or Instagram business account's followers_count, the same Graph read for both.
import { classifyGraph } from './meta-graph.ts';
import { apiUrl, followerCount, obj, type FollowerContext, type FollowerRead, type ProfileToRead } from './network.ts';

export async function graphFollowers({ http, urls }: FollowerContext, p: ProfileToRead): Promise<FollowerRead> {
  const u = apiUrl(urls.graph, `/${encodeURIComponent(p.external_id)}`);
  u.searchParams.set('fields', 'followers_count');
  const r = await http.json({ url: u, headers: { authorization: `Bearer ${p.token}` }, classify: classifyGraph });
  return followerCount(r, (b) => obj(b).followers_count);
}
