package deals

// ReliableAfter is the reliability rule's SQL, for its query plan's test.
var ReliableAfter = reliableAfter
