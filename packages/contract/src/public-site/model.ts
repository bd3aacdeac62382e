// Shapes of the public site's answers (no session needed). Field names are the wire's own.
import { z } from 'zod';

export const BlogPost = z.object({ Id: z.number(), Title: z.string(), Summary: z.string(), Body: z.string(), DatePublished: z.string() });
export type BlogPost = z.infer<typeof BlogPost>;
export const BlogList = z.array(BlogPost);
