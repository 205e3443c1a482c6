/**
 * My apps (`/userAdmin/app`; SPEC §2 User area; docs/users.md "My apps"): the tiles of the user's
 * applications, or, with `?open=<code>`, one application in a frame inside the layout (open types 1, 2).
 */
import { useSearchParams } from 'react-router';
import MyAppTiles from './tiles';
import AppFrame from './frame';

export default function MyApps() {
  const [params] = useSearchParams();
  const open = params.get('open');
  return open ? <AppFrame code={open} /> : <MyAppTiles />;
}
