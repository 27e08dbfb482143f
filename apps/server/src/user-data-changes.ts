/**
 * The one way a service says "this user's data changed": after a change to their purchases, documents,
 * parts or settings is committed, the service calls it with the user's id. The reminders module
 * subscribes (app.ts wires it), so the user's calendar follows, through the job queue (any replica runs
 * it). A signal lost with its replica is made up by the calendar catch-up (reminders/reminder-worker.ts),
 * which finds the users whose data version moved past their calendar's.
 */
export type UserDataChanged = (userId: string) => void;

export interface ChangeNotifier {
  onUserDataChanged: UserDataChanged;
}
