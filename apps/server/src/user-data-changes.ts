/**
 * The one way a service says "this user's data changed": after a change to their purchases, documents,
 * parts or settings is committed, the service calls it with the user's id. The reminders module
 * subscribes (app.ts wires it), so the user's calendar follows. Today it runs in this process; making it
 * durable across replicas (an outbox read by every server) changes only what app.ts passes here.
 */
export type UserDataChanged = (userId: string) => void;

export interface ChangeNotifier {
  onUserDataChanged: UserDataChanged;
}
