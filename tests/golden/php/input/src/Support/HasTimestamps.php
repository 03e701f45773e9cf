<?php

namespace Shop\Support;

// Adds created/updated timestamps to a model.
trait HasTimestamps
{
    protected ?\DateTimeImmutable $createdAt = null;

    public function touch(): void
    {
        $this->createdAt = now();
    }
}
