// A word bin's name as the link to its detail screen, reaction or crisis list alike.
import type { WordBin } from '@listening/contract';
import type { CSSProperties } from 'react';
import { screenTo } from '../../../project/screen-routes.ts';
import { AnchorLink } from '../../../ui/links.tsx';
import { kindOf } from '../kinds.ts';

export function WordBinLink({ bin, style }: { bin: WordBin; style?: CSSProperties }) {
  return (
    <AnchorLink
      to={screenTo(kindOf(bin.WordBinTypeId).detail)}
      params={{ clientId: String(bin.ClientId), projectId: String(bin.ProjectId), wordBinId: String(bin.Id) }}
      search={(s) => s}
      fw={600}
      size="sm"
      style={style}
    >
      {bin.Description}
    </AnchorLink>
  );
}
