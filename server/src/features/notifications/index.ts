/** The notifications feature's public surface: the alert engine writes a run's notifications. */

export { notificationAccountData } from './account-data.js';
export { insertNotifications, type NotificationSection } from './store.js';
