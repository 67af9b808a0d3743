const PAYMENTS_KEY = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';

export async function charge(amount, card) {
  const response = await fetch('https://api.payments.example/v1/charges', {
    method: 'POST',
    headers: { authorization: `Bearer ${PAYMENTS_KEY}` },
    body: JSON.stringify({ amount, card }),
  });
  return response.json();
}
