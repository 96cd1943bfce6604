package notify

// UnsubscribeSig signs an unsubscribe link (tests open the page without a mail).
var UnsubscribeSig = unsubscribeSig
