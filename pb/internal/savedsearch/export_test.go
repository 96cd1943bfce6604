package savedsearch

// Following answers what the service alerts on: every saved search it
// knows (id → paused) and how many each kind's percolator holds.
func (s *Service) Following() (paused map[string]bool, held map[string]int) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	paused = map[string]bool{}
	for id, st := range s.owners {
		paused[id] = st.paused
	}
	held = map[string]int{}
	for kind, p := range s.perc {
		held[kind] = p.Len()
	}
	return paused, held
}
