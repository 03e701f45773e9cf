module Shop
  class Broken
    def fine
      1
    end

    def oops(
      2
  end
end
