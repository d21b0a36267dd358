// SPDX-License-Identifier: GPL-2.0
/* Copies whose locks are set up again before use: silence. */
struct cache {
	spinlock_t lock;
	struct mutex mutex;
	int size;
};

struct cache *clone_cache(struct cache *old, struct cache *new)
{
	memcpy(new, old, sizeof(*new));
	spin_lock_init(&new->lock);
	spin_lock(&new->lock);
	new->size = 0;
	spin_unlock(&new->lock);
	return new;
}

void copy_assign(struct cache *dst, struct cache *src)
{
	*dst = *src;
	mutex_init(&dst->mutex);
	mutex_lock(&dst->mutex);
	mutex_unlock(&dst->mutex);
}

void lock_source(struct cache *dst, struct cache *src)
{
	memcpy(dst, src, sizeof(*dst));
	spin_lock(&src->lock);
	spin_unlock(&src->lock);
}

struct cache *dup_cache(struct cache *src)
{
	struct cache *c = kmemdup(src, sizeof(*src), GFP_KERNEL);

	if (!c)
		return NULL;
	spin_lock_init(&c->lock);
	spin_lock(&c->lock);
	spin_unlock(&c->lock);
	return c;
}
