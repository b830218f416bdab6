import { TeaPage } from '../features/stories/tea-page';
import { TeasTab } from '../features/teas/teas-tab';

/** /tea: the stories feature's page with the teas feature's tab, composed here so neither imports the other. */
export function TeaRoute() {
  return <TeaPage teasTab={<TeasTab />} />;
}
