/** No Razorpay keys and no sandbox on the server: said where plans are offered, instead of a checkout. */
export function PaymentsNotSetUpNotice({ className = '' }: { className?: string }) {
  return (
    <div role="alert" className={`alert alert-warning alert-soft text-sm ${className}`}>
      <span className="text-base-content">
        Payments are not set up on this server yet, so plans cannot be bought right now. Please try again later.
      </span>
    </div>
  )
}
