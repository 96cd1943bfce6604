package demo

type sample struct {
	request     bool
	poster      string
	title       string
	description string
	amount      int
	location    string
	categories  []string
	status      string
	eventInDays int
	approved    bool
}

// samples are listed oldest first.
var samples = []sample{
	{false, "kenji", "Indie game jam prizes", "We fund prize pools and snacks for student game jams. Tell us about your jam, your expected turnout and how you will showcase the games.", 800, "Tokyo, Japan", []string{"Technology", "Arts"}, "", 0, true},
	{true, "priya", "Girls Who Code Pune: laptops for the weekend club", "Our free weekend club teaches 40 girls aged 11-15 to build websites. Eight shared laptops are failing; we need refurbished replacements and a year of internet access.", 2400, "Pune, India", []string{"Education", "Technology"}, "open", 45, true},
	{false, "admin", "Community garden starter grants", "Small grants for neighbourhood groups starting a shared vegetable garden: seeds, tools, raised beds and a water barrel.", 300, "", []string{"Community", "Environment"}, "", 0, true},
	{true, "amara", "Monthly beach clean-up supplies", "We run a clean-up on the first Saturday of every month with 60-100 volunteers. We need gloves, grabbers, sorting bags and a small van rental.", 650, "Colombo, Sri Lanka", []string{"Environment", "Community"}, "open", 12, true},
	{false, "daniel", "Market stall micro-sponsorships", "I sponsor first-time traders at the Saturday market: stall fees for three months and a bit of stock money for your first week.", 250, "Lagos, Nigeria", []string{"Business", "Community"}, "", 0, true},
	{true, "kenji", "Student animation festival screening", "A one-night festival of short animated films by art students. Funds cover the venue, projector hire and prizes for three categories.", 1500, "Osaka, Japan", []string{"Arts", "Education"}, "open", 60, false},
	{false, "priya", "STEM workshop sponsorship for schools", "Our company sponsors hands-on robotics and electronics workshops in government schools. Apply with your school, class size and dates.", 1200, "Maharashtra, India", []string{"Education", "Technology"}, "", 0, true},
	{true, "daniel", "Youth football league kits", "Our under-14 league has 12 teams and no matching kits. We are asking for shirts, shorts and two sets of goalkeeper gloves per team.", 1800, "Lagos, Nigeria", []string{"Community"}, "sponsored", 30, true},
	{false, "amara", "Tree-planting drives", "Funding for volunteer tree-planting drives with native species. We cover saplings, tools and transport for groups of 20 or more.", 900, "", []string{"Environment"}, "", 0, true},
	{true, "priya", "Free health camp for senior citizens", "A one-day camp with eye tests, blood-pressure and diabetes screening for 300 senior citizens, run with volunteer doctors.", 3200, "Pune, India", []string{"Healthcare", "Community"}, "open", 21, true},
	{false, "kenji", "Open-source maintainer stipends", "Monthly stipends for maintainers of small open-source libraries used by students. Share your project and how the money would help.", 500, "Remote", []string{"Technology"}, "", 0, false},
	{true, "amara", "Solar lamps for a rural library", "The village library closes at sunset. Twenty solar lamps would let students read and study in the evenings.", 700, "Galle, Sri Lanka", []string{"Education", "Environment"}, "open", 0, false},
	{false, "daniel", "Mental-health first aid training", "We sponsor certified mental-health first aid courses for community leaders, teachers and coaches.", 1100, "Abuja, Nigeria", []string{"Healthcare", "Education"}, "", 0, true},
	{true, "kenji", "Mural for the children's hospital ward", "Local artists will paint a calming ocean mural across the paediatric ward corridor. Paint, scaffolding and insurance are needed.", 2100, "Kyoto, Japan", []string{"Arts", "Healthcare"}, "open", 75, false},
	{false, "admin", "Small-business bookkeeping clinics", "Sponsorship for free bookkeeping clinics that help home-based businesses register, invoice and file taxes.", 600, "Bengaluru, India", []string{"Business", "Education"}, "", 0, false},
	{false, "daniel", "Pune health and learning fund", "We back community health checks and after-school learning in and around Pune. Tell us who will benefit and what the money buys.", 2000, "Pune, India", []string{"Healthcare", "Education"}, "", 0, true},
	{true, "priya", "Coding bootcamp scholarships for women returners", "Ten scholarships for women returning to work after a career break, covering a 12-week web development bootcamp.", 5000, "Mumbai, India", []string{"Education", "Technology", "Business"}, "open", 90, false},
}
