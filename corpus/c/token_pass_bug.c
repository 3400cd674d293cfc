// UNSAFE. token_pass.c with a transmitter that may increment the token
// twice: the master's check token == local + 1 then fails.
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
int token;
int local;
int m_pc = 0;
int t_pc = 0;
void master(void) {
  if (m_pc == 0) {
    token = __VERIFIER_nondet_int();
    if (token == 2147483647) abort(); /* token + 1 must not overflow */
    local = token;
    t_pc = 1;
    m_pc = 1;
  } else if (t_pc == 2) {
    __VERIFIER_assert(token == local + 1);
    m_pc = 0;
    t_pc = 0;
  }
}
void transmit(void) {
  if (t_pc == 1) {
    token = token + 1;
    if (__VERIFIER_nondet_int()) { token = token + 1; }
    t_pc = 2;
  }
}
int main(void) {
  while (1) {
    if (__VERIFIER_nondet_int()) { master(); } else { transmit(); }
  }
  return 0;
}
