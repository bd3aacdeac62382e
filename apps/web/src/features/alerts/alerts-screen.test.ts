import { describe, expect, it } from 'vitest';
import { alertFilterText } from './components/NotificationDialog.tsx';
import { chosenClientOf, unsubscribeQuestion } from './screens/SubscriptionsScreen.tsx';

describe('Notification Management', () => {
  it('chooses the client the address names when it is the user’s, else their only one', () => {
    const mine = [{ Id: 3 }, { Id: 7 }];
    expect(chosenClientOf(7, mine)).toBe(7);
    expect(chosenClientOf(9, mine)).toBeNull();
    expect(chosenClientOf(null, mine)).toBeNull();
    expect(chosenClientOf(9, [{ Id: 3 }])).toBe(3);
    expect(chosenClientOf(7, undefined)).toBeNull();
  });

  it('asks before unsubscribing, naming what stops', () => {
    expect(
      unsubscribeQuestion({
        ReportId: 4,
        ReportName: 'Brand watch',
        NotificationType: 3,
        NotificationTypeName: 'Contact Notification',
        FrequencyId: 15,
        FrequencyDescription: 'Every 15 Minutes',
        ProjectName: 'Acme brand',
        ProjectId: 1,
        ClientId: 1,
      }),
    ).toBe("Stop receiving 'Brand watch' (Contact Notification, Acme brand)?");
  });

  it('says what an alert sends', () => {
    expect(alertFilterText({ SentimentId: 0, Keyword: null })).toBe('All mentions');
    expect(alertFilterText({ SentimentId: 3, Keyword: 'price rise' })).toBe("Negative mentions with 'price rise'");
    expect(alertFilterText({ SentimentId: 0, Keyword: 'recall' })).toBe("All mentions with 'recall'");
  });
});
