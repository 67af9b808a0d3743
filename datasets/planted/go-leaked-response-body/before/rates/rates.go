package rates

// Fixed is the rate used when the service is not asked.
const Fixed = 1.08
