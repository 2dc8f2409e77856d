/** Every page: header, then the page; the "My maps" dialog and the plan comparison can be opened from anywhere. */
import { useState } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MyMapsDialog } from '../maps-list/my-maps-dialog.js';
import { PlansDialogProvider } from '../plans/plans-dialog-context.js';
import { useRealtimeConnection } from '../realtime/use-realtime.js';
import { Header } from './header.js';
import { HeaderSlotProvider } from './header-slot.js';
import { NewVersionNotice } from './new-version-notice.js';
import { NpsSurvey } from '../nps/nps-survey.js';

export function Layout() {
  const { t } = useTranslation();
  const [myMapsOpen, setMyMapsOpen] = useState(false);
  const [headerSlot, setHeaderSlot] = useState<HTMLElement | null>(null);
  useRealtimeConnection();
  return (
    <HeaderSlotProvider value={headerSlot}>
      <PlansDialogProvider>
        <div className="app">
          <a className="skip-link" href="#main">{t('app.skipToContent')}</a>
          <Header onOpenMyMaps={() => setMyMapsOpen(true)} slotRef={setHeaderSlot} />
          <NewVersionNotice />
          <div className="app-content" id="main" tabIndex={-1}>
            <Outlet />
          </div>
          <MyMapsDialog open={myMapsOpen} onClose={() => setMyMapsOpen(false)} />
          <NpsSurvey />
        </div>
      </PlansDialogProvider>
    </HeaderSlotProvider>
  );
}
